# Podfile
platform :ios, '15.0'
use_frameworks!
inhibit_all_warnings!

target 'PhotoApp' do
  pod 'Alamofire', '~> 5.8'
  pod 'Kingfisher', '7.10.0'
  pod 'SnapKit'

  target 'PhotoAppTests' do
    inherit! :search_paths
    pod 'Quick'
  end
end

post_install do |installer|
  installer.pods_project.targets.each do |target|
    target.build_configurations.each do |config|
      config.build_settings['IPHONEOS_DEPLOYMENT_TARGET'] = '15.0'
    end
  end
end

# Fastfile
default_platform(:ios)

platform :ios do
  desc "Push a new beta build to TestFlight"
  lane :beta do |options|
    increment_build_number(xcodeproj: "PhotoApp.xcodeproj")
    build_app(scheme: "PhotoApp", export_method: "app-store")
    upload_to_testflight(skip_waiting_for_build_processing: true)
    slack(message: "Build #{lane_context[SharedValues::BUILD_NUMBER]} is up") if options[:notify]
  end
end

class Version
  attr_reader :major, :minor

  def initialize(string)
    @major, @minor = string.split(".").map(&:to_i)
  end

  def to_s
    "#{@major}.#{@minor}"
  end
end
